// The create and edit form of a bonus code in a dialog, checked with the domain's
// bonusCodeInputSchema: its messages stand under the fields they speak of.
import type { ChangeEvent } from 'react';
import dayjs from '../../../lib/dayjs.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { FormDialog } from '../../../components/Dialog.js';
import { useSchemaForm, type SchemaForm } from '../../../components/useSchemaForm.js';
import { bonusCodeInputSchema, saveBonusCode, type BonusCode, type BonusCodeBody } from '../api/bonusCodes.js';
import { bonusCodeTexts } from '../texts.js';
import { maxLengthOf } from '../../../lib/schemaLimits.js';

interface Draft {
  code: string;
  description: string;
  discount_percentage: string;
  usage_limit: string;
  expires_at: string;
  is_active: boolean;
}

function draftOf(code: BonusCode | null): Draft {
  if (!code)
    return { code: '', description: '', discount_percentage: '10', usage_limit: '', expires_at: '', is_active: true };
  return {
    code: code.code,
    description: code.description ?? '',
    discount_percentage: String(code.discount_percentage),
    usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
    expires_at: code.expires_at ? dayjs(code.expires_at).format('YYYY-MM-DDTHH:mm') : '',
    is_active: Boolean(code.is_active),
  };
}

const bodyOf = (draft: Draft): BonusCodeBody => ({
  code: draft.code.trim().toUpperCase(),
  description: draft.description.trim(),
  discount_percentage:
    draft.discount_percentage.trim() === '' ? Number.NaN : Number(draft.discount_percentage.replace(',', '.')),
  usage_limit: draft.usage_limit.trim() === '' ? null : Number(draft.usage_limit),
  expires_at: draft.expires_at || null,
  is_active: draft.is_active,
});

type TextKey = Exclude<keyof Draft, 'is_active'>;

const bonusCodeForm: SchemaForm<BonusCode, Draft, typeof bonusCodeInputSchema> = {
  schema: bonusCodeInputSchema,
  draftOf,
  bodyOf,
  save: saveBonusCode,
  texts: { ...bonusCodeTexts, editTitle: (code) => bonusCodeTexts.editNamed(code.code) },
};

export function BonusCodeFormDialog({
  code,
  ...props
}: {
  code: BonusCode | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { draft, set, errors, dialog } = useSchemaForm(bonusCodeForm, code, props);
  /** A field's Field props and its control's, bound to the draft. */
  const field = (name: TextKey, label: string, hint?: string) => ({
    id: `bonus-${name}`,
    label,
    hint,
    error: errors[name],
  });
  const control = (name: TextKey, hint?: string) => ({
    ...fieldControl(`bonus-${name}`, errors[name], hint),
    value: draft[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.value }),
  });
  const numbers = [
    {
      name: 'discount_percentage',
      label: bonusCodeTexts.discount,
      hint: bonusCodeTexts.discountHint,
      inputMode: 'decimal',
      min: 0,
      max: 100,
      step: '0.1',
      required: true,
    },
    {
      name: 'usage_limit',
      label: bonusCodeTexts.usageLimit,
      hint: bonusCodeTexts.usageLimitHint,
      inputMode: 'numeric',
      min: 1,
      step: '1',
      required: false,
    },
  ] as const;

  return (
    <FormDialog {...dialog}>
      <Field {...field('code', bonusCodeTexts.code)}>
        <input
          {...control('code')}
          className="field__control code-input"
          maxLength={maxLengthOf(bonusCodeInputSchema.shape.code)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        />
      </Field>
      <Field {...field('description', bonusCodeTexts.description)}>
        <input {...control('description')} maxLength={maxLengthOf(bonusCodeInputSchema.shape.description)} />
      </Field>
      <div className="form-grid">
        {numbers.map(({ name, label, hint, ...input }) => (
          <Field key={name} {...field(name, label, hint)}>
            <input {...control(name, hint)} type="number" {...input} />
          </Field>
        ))}
      </div>
      <Field {...field('expires_at', bonusCodeTexts.expiresAt, bonusCodeTexts.expiresAtHint)}>
        <input {...control('expires_at', bonusCodeTexts.expiresAtHint)} type="datetime-local" />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.is_active} onChange={(e) => set({ is_active: e.target.checked })} />
        <span>{bonusCodeTexts.isActive}</span>
      </label>
    </FormDialog>
  );
}
