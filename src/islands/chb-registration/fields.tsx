// Labelled controls bound to the form state by path. Each shows its hint and error beside it and
// describes itself by both, so a screen reader hears the error with the label.
import { createContext, useContext, type ReactNode } from 'react';
import { fieldId } from '../../logic/chb-registration/steps.ts';
import type { RegistrationStrings } from './strings.ts';
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

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Extras({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint && <p className="hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
    </>
  );
}

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

export function TextField({ path, label, hint, optional, type = 'text', autoComplete, inputMode, width, multiline }: TextProps) {
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
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}{optional && <> <span className="optional">{s.optional}</span></>}</label>
      <Extras id={id} hint={hint} error={error} />
      {multiline
        ? <textarea {...common} rows={4} onChange={(e) => set(path, e.target.value)} />
        : <input {...common} type={type} inputMode={inputMode} spellCheck={false} onChange={(e) => set(path, e.target.value)} />}
    </div>
  );
}

export function SelectField({ path, label, options, hint }: { path: string; label: string; options: readonly Option[]; hint?: string }) {
  const { form, set, errors, s } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <Extras id={id} hint={hint} error={error} />
      <select id={id} name={path} value={String(getIn(form, path) ?? '')} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} onChange={(e) => set(path, e.target.value)}>
        <option value="">{s.select}</option>
        {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );
}

export function RadioField({ path, legend, options, hint, children }: { path: string; legend: string; options: readonly Option[]; hint?: string; children?: ReactNode }) {
  const { form, set, errors } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  const current = String(getIn(form, path) ?? '');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <fieldset aria-describedby={describedBy(id, hint, error)}>
        <legend>{legend}</legend>
        <Extras id={id} hint={hint} error={error} />
        <div className="choices">
          {options.map(([value, text], i) => (
            <div className="choice" key={value}>
              <input type="radio" id={i === 0 ? id : `${id}-${value}`} name={path} value={value} checked={current === value} onChange={() => set(path, value)} />
              <label htmlFor={i === 0 ? id : `${id}-${value}`}>{text}</label>
            </div>
          ))}
        </div>
        {children}
      </fieldset>
    </div>
  );
}

export function CheckField({ path, label }: { path: string; label: string }) {
  const { form, set, errors } = useForm();
  const id = fieldId(path);
  const error = errors[path];
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <Extras id={id} error={error} />
      <div className="choice">
        <input type="checkbox" id={id} name={path} checked={getIn(form, path) === true} aria-describedby={describedBy(id, undefined, error)} aria-invalid={error ? true : undefined} onChange={(e) => set(path, e.target.checked)} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

export function MultiCheckField({ path, legend, options, hint, exclusive, children }: { path: string; legend: string; options: readonly Option[]; hint?: string; exclusive?: string; children?: ReactNode }) {
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
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <fieldset aria-describedby={describedBy(id, hint, error)}>
        <legend>{legend}</legend>
        <Extras id={id} hint={hint} error={error} />
        <div className="choices">
          {options.map(([value, text], i) => (
            <div className="choice" key={value}>
              <input type="checkbox" id={i === 0 ? id : `${id}-${value}`} name={path} value={value} checked={current.includes(value)} onChange={(e) => toggle(value, e.target.checked)} />
              <label htmlFor={i === 0 ? id : `${id}-${value}`}>{text}</label>
            </div>
          ))}
        </div>
        {children}
      </fieldset>
    </div>
  );
}

export const optionsOf = <K extends string>(values: readonly K[], labels: Record<K, string>): Option[] => values.map((v) => [v, labels[v]] as const);
