// The one way a form dialog creates or edits a thing (a pizza, a bonus code): the draft as typed,
// checked with the domain's payload schema (its messages per field), then sent through useAction
// (busy, success toast, reload, error toast); the server's refusal is also shown in the form.
// Spread `dialog` into a FormDialog.
import { useState } from 'react';
import type { z } from 'zod';
import { check, type FieldErrors } from '../lib/formErrors.js';
import { useAction } from './useAction.js';

export interface SchemaFormTexts<T> {
  newTitle: string;
  editTitle: (thing: T) => string;
  create: string;
  saveChanges: string;
  created: string;
  updated: string;
  saveFailed: string;
}

/** What a feature's form is: kept beside its component, the same for every use. */
export interface SchemaForm<T extends { id: number }, D, S extends z.ZodType> {
  /** The domain's schema the server checks the body with. */
  schema: S;
  /** The draft of a new thing (null) or of one to edit. */
  draftOf: (thing: T | null) => D;
  /** The body to send, from the draft. */
  bodyOf: (draft: D) => z.input<S>;
  /** Creates (id null) or updates. */
  save: (id: number | null, body: z.input<S>) => Promise<unknown>;
  texts: SchemaFormTexts<T>;
}

export function useSchemaForm<T extends { id: number }, D extends object, S extends z.ZodType>(
  form: SchemaForm<T, D, S>,
  thing: T | null,
  /** onSaved: after a success (e.g. close and read the list again). */
  { onSaved, onClose }: { onSaved: () => unknown; onClose: () => void },
) {
  const [draft, setDraft] = useState<D>(() => form.draftOf(thing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();
  const { texts } = form;

  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));

  function onSubmit() {
    const body = form.bodyOf(draft);
    const checked = check(form.schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    setServerError('');
    if (!checked.ok) return;
    void run('save', () => form.save(thing?.id ?? null, body), {
      success: thing ? texts.updated : texts.created,
      failure: texts.saveFailed,
      reload: onSaved,
      onError: setServerError,
    });
  }

  const dialog = {
    title: thing ? texts.editTitle(thing) : texts.newTitle,
    submitLabel: thing ? texts.saveChanges : texts.create,
    busy: busy !== null,
    error: serverError,
    onSubmit,
    onClose,
  };
  return { draft, set, errors, dialog };
}
