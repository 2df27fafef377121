import type { UseFormRegisterReturn } from 'react-hook-form';
import { ADDRESS_TEXT_FIELDS, type AddressProblem, type AddressTextField } from './check-address';
import styles from './address-fields.module.css';

const AUTOCOMPLETE: Record<AddressTextField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  street: 'address-line1',
  houseNumber: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
};

export interface AddressFieldsProps {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  /** The form's registration of a field (a form may keep the address under a key of its own). */
  register: (field: AddressTextField) => UseFormRegisterReturn;
  problemOf: (field: AddressTextField) => AddressProblem | undefined;
  /** The field's label and a problem's text, in the words of the form's own feature. */
  labelOf: (field: AddressTextField) => string;
  problemText: (problem: AddressProblem) => string;
  readOnly?: boolean;
}

/** The address fields every address form shows, each with its label and, after a check, its problem tied to it. */
export function AddressFields({ idPrefix, register, problemOf, labelOf, problemText, readOnly }: AddressFieldsProps) {
  return ADDRESS_TEXT_FIELDS.map((name) => {
    const problem = problemOf(name);
    const id = `${idPrefix}-${name}`;
    return (
      <div key={name} className={styles.field}>
        <label htmlFor={id}>{labelOf(name)}</label>
        <input
          id={id}
          type={name === 'phone' ? 'tel' : 'text'}
          autoComplete={AUTOCOMPLETE[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          readOnly={readOnly}
          {...register(name)}
        />
        {problem && (
          <p id={`${id}-problem`} className={styles.problem}>
            {problemText(problem)}
          </p>
        )}
      </div>
    );
  });
}
