import { describe, expect, it } from 'vitest';
import { parseApplication } from './application.ts';
import { householdEmploymentIncome, incomeWarning } from './check.ts';
import {
  normalizeDate,
  normalizePhone,
  normalizePostalCode,
  normalizeSin,
  parseMoney,
} from '../../../site/form/formats.ts';
import { applicationMessages } from '../messages.ts';
import { validApplication } from '../../../../tests/fixtures/chb-registration/valid-application.ts';

const today = '2026-11-22';
const errorsOf = (input: unknown, lang: 'en' | 'fr' = 'en') => {
  const r = parseApplication(input, lang, today);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.path, e.message]));
};

describe('formats', () => {
  it('accepts SINs passing the Luhn check only', () => {
    expect(normalizeSin('046 454 286')).toBe('046454286');
    expect(normalizeSin('046-454-287')).toBeNull();
    expect(normalizeSin('12345678')).toBeNull();
  });
  it('normalizes phones, postal codes, dates and money', () => {
    expect(normalizePhone('(506) 555-0123')).toBe('5065550123');
    expect(normalizePhone('1 506 555 0123')).toBe('5065550123');
    expect(normalizePhone('555-0123')).toBeNull();
    expect(normalizePostalCode('e1c4b6')).toBe('E1C 4B6');
    expect(normalizePostalCode('D1C 4B6')).toBeNull();
    expect(normalizeDate('1990/2/3')).toBe('1990-02-03');
    expect(normalizeDate('2023-02-29')).toBeNull();
    expect(parseMoney('$1,234.50')).toBe(1234.5);
    expect(parseMoney('1 234,50')).toBe(1234.5);
    expect(parseMoney('-5')).toBe('negative');
    expect(parseMoney('abc')).toBeNull();
  });
});

describe('parseApplication', () => {
  it('accepts a complete application and normalizes it', () => {
    const r = parseApplication(validApplication(), 'en', today);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.applicant.sin).toBe('046454286');
    expect(r.value.applicant.homeAddress.postalCode).toBe('E1C 4B6');
    expect(r.value.rental.electricity).toBe(120.5);
    expect(r.value.applicant.mailingAddress).toBeNull();
  });

  it('uses the spec messages word for word, in both languages', () => {
    const input = validApplication();
    input.applicant.firstName = ' ';
    input.applicant.homeAddress.province = 'NS';
    input.declaration = false;
    input.income = {};
    expect(errorsOf(input)).toMatchObject({
      'applicant.firstName': 'This field is required.',
      'applicant.homeAddress.province': 'Must be NB.',
      declaration: 'Please click the checkbox to confirm information in this form is correct.',
      'income.employment.applicant': 'At least one income source must be entered for the Main Applicant.',
    });
    expect(errorsOf(input, 'fr')['applicant.firstName']).toBe('Ce champ est obligatoire.');
  });

  it('requires the self-description, the mailing address when different, and utilities when not included', () => {
    const input = validApplication();
    input.applicant.gender = 'self_describe';
    input.applicant.mailingDifferent = true;
    input.rental.utilitiesIncluded = 'no';
    input.rental.heat = '';
    const e = errorsOf(input);
    expect(e['applicant.genderSelfDescribe']).toBe(applicationMessages.en.required);
    expect(e['applicant.mailingAddress.streetName']).toBe(applicationMessages.en.required);
    expect(e['applicant.mailingAddress.postalCode']).toBe(applicationMessages.en.required);
    expect(e['rental.heat']).toBe(applicationMessages.en.required);
    input.rental.utilitiesIncluded = 'yes';
    expect(errorsOf(input)['rental.heat']).toBeUndefined();
  });

  it('checks formats and ages against the section', () => {
    const input = validApplication();
    input.applicant.sin = '123 456 789';
    input.applicant.email = 'marie@';
    input.applicant.homeAddress.postalCode = 'B3H 1A1';
    input.applicant.dateOfBirth = '2030-01-01';
    input.members19Plus![0]!.dateOfBirth = '2010-01-01';
    input.members18Under![0]!.dateOfBirth = '2000-01-01';
    const e = errorsOf(input);
    expect(e['applicant.sin']).toBe(applicationMessages.en.invalid_sin);
    expect(e['applicant.email']).toBe(applicationMessages.en.invalid_email);
    expect(e['applicant.homeAddress.postalCode']).toBe(applicationMessages.en.postal_nb);
    expect(e['applicant.dateOfBirth']).toBe(applicationMessages.en.date_future);
    expect(e['members19Plus.0.dateOfBirth']).toBe(applicationMessages.en.age_adult);
    expect(e['members18Under.0.dateOfBirth']).toBe(applicationMessages.en.age_minor);
  });

  it('refuses malformed structures and unknown choices', () => {
    expect(parseApplication({ lang: 'en' }, 'en', today).ok).toBe(false);
    const input = validApplication();
    input.rental.rentalType = 'castle';
    input.employment = [1, 2, 3, 4].map(() => ({ employer: '', hoursPerWeek: '10', hourlyRate: '15' }));
    const r = parseApplication(input, 'en', today);
    expect(r.ok).toBe(false);
  });

  it('warns (does not block) on household employment income outside the range', () => {
    expect(incomeWarning(householdEmploymentIncome(validApplication() as never))).toBeNull();
    expect(incomeWarning(12_499)).toBe('below');
    expect(incomeWarning(50_001)).toBe('above');
    expect(incomeWarning(50_000)).toBeNull();
  });
});
