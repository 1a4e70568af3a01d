// The BAS accounts the books are made with: the cash account, Swish's settlement account (the web
// orders paid online, issue 49), and a sales and a VAT account per rate, each four digits.
import { Field, fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { ACCOUNT_DIGITS } from '../../../../domain/accounting/settingsSchema.js';
import type { AccountingSettingsAnswer } from '../api/accounting.js';
import { accountingTexts as texts } from '../texts.js';

type RateKey = '25' | '12' | '6';
const RATE_KEYS: RateKey[] = ['25', '12', '6'];
type Accounts = Pick<AccountingSettingsAnswer, 'cash_account' | 'swish_account' | 'sales_accounts' | 'vat_accounts'>;

function AccountInput(props: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { id, error } = props;
  return (
    <Field id={id} label={props.label} error={error}>
      <input
        {...fieldControl(id, error)}
        inputMode="numeric"
        maxLength={ACCOUNT_DIGITS}
        disabled={props.disabled}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

export function AccountFields({
  accounts,
  errors,
  disabled,
  onChange,
}: {
  accounts: Accounts;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (patch: Partial<Accounts>) => void;
}) {
  const { sales_accounts, vat_accounts } = accounts;
  return (
    <div className="form-grid accounting__accounts">
      <AccountInput
        id="account-cash"
        label={texts.cashAccount}
        error={errors.cash_account}
        value={accounts.cash_account}
        disabled={disabled}
        onChange={(cash_account) => onChange({ cash_account })}
      />
      <AccountInput
        id="account-swish"
        label={texts.swishAccount}
        error={errors.swish_account}
        value={accounts.swish_account}
        disabled={disabled}
        onChange={(swish_account) => onChange({ swish_account })}
      />
      {RATE_KEYS.map((rate) => (
        <AccountInput
          key={`account-sales-${rate}`}
          id={`account-sales-${rate}`}
          label={texts.salesAccount(Number(rate))}
          error={errors[`sales_accounts.${rate}`]}
          value={sales_accounts[rate]}
          disabled={disabled}
          onChange={(value) => onChange({ sales_accounts: { ...sales_accounts, [rate]: value } })}
        />
      ))}
      {RATE_KEYS.map((rate) => (
        <AccountInput
          key={`account-vat-${rate}`}
          id={`account-vat-${rate}`}
          label={texts.vatAccount(Number(rate))}
          error={errors[`vat_accounts.${rate}`]}
          value={vat_accounts[rate]}
          disabled={disabled}
          onChange={(value) => onChange({ vat_accounts: { ...vat_accounts, [rate]: value } })}
        />
      ))}
    </div>
  );
}
