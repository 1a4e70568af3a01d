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

/**
 * A form dialog's draft as typed, checked with the domain's schema before it is sent through
 * useAction (busy, success toast, then onSaved, error toast), the schema's messages under the
 * fields and the server's refusal in the form. useSchemaForm is this for a thing created or edited;
 * a form that is not one (a password's change) uses it as it is.
 */
export function useCheckedForm<D extends object, S extends z.ZodType>(
  initial: () => D,
  form: {
    schema: S;
    /** The body to check and send, from the draft (the draft itself when it is the body). */
    bodyOf: (draft: D) => z.input<S>;
    send: (body: z.input<S>) => Promise<unknown>;
    success: string;
    failure: string;
    onSaved: () => unknown;
  },
) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const { busy, run } = useAction();

  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));

  function onSubmit() {
    const body = form.bodyOf(draft);
    const checked = check(form.schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    setServerError('');
    if (!checked.ok) return;
    void run('save', () => form.send(body), {
      success: form.success,
      failure: form.failure,
      reload: form.onSaved,
      onError: setServerError,
    });
  }

  return { draft, set, errors, busy: busy !== null, error: serverError, onSubmit };
}

export function useSchemaForm<T extends { id: number }, D extends object, S extends z.ZodType>(
  form: SchemaForm<T, D, S>,
  thing: T | null,
  /** onSaved: after a success (e.g. close and read the list again). */
  { onSaved, onClose }: { onSaved: () => unknown; onClose: () => void },
) {
  const { texts } = form;
  const { draft, set, errors, busy, error, onSubmit } = useCheckedForm(() => form.draftOf(thing), {
    schema: form.schema,
    bodyOf: form.bodyOf,
    send: (body) => form.save(thing?.id ?? null, body),
    success: thing ? texts.updated : texts.created,
    failure: texts.saveFailed,
    onSaved,
  });
  const dialog = {
    title: thing ? texts.editTitle(thing) : texts.newTitle,
    submitLabel: thing ? texts.saveChanges : texts.create,
    busy,
    error,
    onSubmit,
    onClose,
  };
  return { draft, set, errors, dialog };
}
