// GOV.UK radios or checkboxes for the islands: the markup of choiceGroupHtml
// (src/site/form/form-html.ts), controlled: `checked` and `onToggle` come from the island's state.
import type { ReactNode } from 'react';
import { choiceId, describedBy, fieldClass, type Option } from '../form-html.ts';
import { Messages } from '../field/Field.tsx';

interface Props {
  id: string;
  name: string;
  legend: string;
  type: 'radio' | 'checkbox';
  options: readonly Option[];
  checked: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  hint?: string | undefined;
  error?: string | undefined;
  /** Follow-up questions shown inside the fieldset, after the choices. */
  children?: ReactNode;
}

export function ChoiceGroup({ id, name, legend, type, options, checked, onToggle, hint, error, children }: Props) {
  return (
    <div className={fieldClass(error)}>
      <fieldset aria-describedby={describedBy(id, hint, error)}>
        <legend>{legend}</legend>
        <Messages id={id} hint={hint} error={error} />
        <div className="choices">
          {options.map(([value, text], i) => (
            <div className="choice" key={value}>
              <input
                type={type}
                id={choiceId(id, value, i)}
                name={name}
                value={value}
                checked={checked.includes(value)}
                onChange={(e) => onToggle(value, e.target.checked)}
              />
              <label htmlFor={choiceId(id, value, i)}>{text}</label>
            </div>
          ))}
        </div>
        {children}
      </fieldset>
    </div>
  );
}
