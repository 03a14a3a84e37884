// Labelled controls bound to the form state by path. Each shows its hint and error beside it and
// describes itself by both, so a screen reader hears the error with the label.
import { createContext, useContext, type ReactNode } from 'react';
import { ChoiceGroup } from '../../../site/form/choice-group/ChoiceGroup.tsx';
import { Field, Messages } from '../../../site/form/field/Field.tsx';
import { describedBy, fieldClass } from '../../../site/form/form-html.ts';
import { fieldId } from '../rules/steps.ts';
import type { RegistrationStrings } from '../strings.ts';
import { getIn } from './form-state.ts';

export interface FormContextValue {
  form: unknown;
  set: (path: string, value: unknown) => void;
  errors: Record<string, string>;
  s: RegistrationStrings;
}
export const FormContext = createContext<FormContextValue | null>(null);
const useForm = () => useContext(FormContext)!;

type Option = readonly [value: string, label: string];

interface TextProps {
  path: string;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  width?: 'short' | 'medium';
  multiline?: boolean;
}

export function TextField({
  path,
  label,
  hint,
  optional,
  type = 'text',
  autoComplete,
  inputMode,
  width,
  multiline,
}: TextProps) {
  const { form, set, errors, s } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  const common = {
    id,
    name: path,
    value: String(getIn(form, path) ?? ''),
    'aria-describedby': describedBy(id, hint, error),
    'aria-invalid': error ? true : undefined,
    autoComplete: autoComplete ?? 'off',
    className: width ? `input-${width}` : undefined,
  } as const;
  return (
    <Field
      id={id}
      label={
        <>
          {label}
          {optional && (
            <>
              {' '}
              <span className="optional">{s.optional}</span>
            </>
          )}
        </>
      }
      hint={hint}
      error={error}
    >
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => set(path, e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          spellCheck={false}
          onChange={(e) => set(path, e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  path,
  label,
  options,
  hint,
  autoComplete,
}: {
  path: string;
  label: string;
  options: readonly Option[];
  hint?: string;
  autoComplete?: string;
}) {
  const { form, set, errors, s } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        name={path}
        value={String(getIn(form, path) ?? '')}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        autoComplete={autoComplete}
        onChange={(e) => set(path, e.target.value)}
      >
        <option value="">{s.select}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function RadioField({
  path,
  legend,
  options,
  hint,
  children,
}: {
  path: string;
  legend: string;
  options: readonly Option[];
  hint?: string;
  children?: ReactNode;
}) {
  const { form, set, errors } = useForm();
  const current = String(getIn(form, path) ?? '');
  return (
    <ChoiceGroup
      id={fieldId(path)}
      name={path}
      type="radio"
      legend={legend}
      options={options}
      hint={hint}
      error={errors[path]}
      checked={[current]}
      onToggle={(value) => set(path, value)}
    >
      {children}
    </ChoiceGroup>
  );
}

export function CheckField({ path, label }: { path: string; label: string }) {
  const { form, set, errors } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  return (
    <div className={fieldClass(error)}>
      <Messages id={id} error={error} />
      <div className="choice">
        <input
          type="checkbox"
          id={id}
          name={path}
          checked={getIn(form, path) === true}
          aria-describedby={describedBy(id, undefined, error)}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set(path, e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

export function MultiCheckField({
  path,
  legend,
  options,
  hint,
  exclusive,
  children,
}: {
  path: string;
  legend: string;
  options: readonly Option[];
  hint?: string;
  exclusive?: string;
  children?: ReactNode;
}) {
  const { form, set, errors } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  const current = (getIn(form, path) as string[] | undefined) ?? [];
  const toggle = (value: string, on: boolean) => {
    // Choosing the exclusive answer ("prefer not to say") clears the others, and the reverse.
    let next = on ? [...current, value] : current.filter((v) => v !== value);
    if (on && exclusive) next = value === exclusive ? [value] : next.filter((v) => v !== exclusive);
    set(path, next);
  };
  return (
    <ChoiceGroup
      id={id}
      name={path}
      type="checkbox"
      legend={legend}
      options={options}
      hint={hint}
      error={error}
      checked={current}
      onToggle={toggle}
    >
      {children}
    </ChoiceGroup>
  );
}

export const optionsOf = <K extends string>(values: readonly K[], labels: Record<K, string>): Option[] =>
  values.map((v) => [v, labels[v]] as const);
