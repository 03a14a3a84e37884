// The housing benefit application's structure (zod) for untrusted input: field sizes and shapes
// only. The rules (required answers, formats, ages, income) are check.ts, shared with the island.
import { z } from 'zod';
import { incomeRows, MAX_JOBS, MAX_MEMBERS, officialLanguages, uploadGroups, type IncomeRow } from './options.ts';

const text = (max: number) => z.string().max(max, 'too_long').default('');
const flag = z.boolean().default(false);
const list = z.array(z.string().max(60)).max(20).default([]);

const addressInput = z.object({
  streetNumber: text(20),
  streetName: text(120),
  unit: text(20),
  city: text(80),
  province: text(2),
  postalCode: text(10),
});
const memberInput = z.object({
  firstName: text(100),
  lastName: text(100),
  gender: text(20),
  dateOfBirth: text(10),
  relationship: text(40),
});
const incomeCell = z.object({ applicant: text(20), spouse: text(20), members: text(20) });

export const applicationInput = z.object({
  lang: z.enum(officialLanguages),
  applicant: z.object({
    firstName: text(100),
    preferredName: text(100),
    middleInitials: text(10),
    lastName: text(100),
    email: text(254),
    phone: text(25),
    cellPhone: text(25),
    dateOfBirth: text(10),
    gender: text(20),
    genderSelfDescribe: text(100),
    writtenLanguage: text(2),
    spokenLanguage: text(2),
    communication: text(10),
    sin: text(15),
    homeAddress: addressInput,
    mailingDifferent: flag,
    mailingAddress: addressInput.default({
      streetNumber: '',
      streetName: '',
      unit: '',
      city: '',
      province: '',
      postalCode: '',
    }),
  }),
  members19Plus: z.array(memberInput).max(MAX_MEMBERS, 'too_many').default([]),
  members18Under: z.array(memberInput).max(MAX_MEMBERS, 'too_many').default([]),
  rental: z.object({
    monthlyRent: text(20),
    utilitiesIncluded: text(3),
    water: text(20),
    electricity: text(20),
    heat: text(20),
    rentalType: text(20),
  }),
  employment: z
    .array(z.object({ employer: text(120), hoursPerWeek: text(10), hourlyRate: text(20) }))
    .max(MAX_JOBS, 'too_many')
    .default([]),
  income: z
    .object(
      Object.fromEntries(incomeRows.map((row) => [row, incomeCell.optional()])) as Record<
        IncomeRow,
        z.ZodOptional<typeof incomeCell>
      >,
    )
    .default({}),
  otherIncome: z.object({ description: text(1000), amount: text(20) }).default({ description: '', amount: '' }),
  additional: z
    .object({
      extraBedrooms: text(2),
      marginalized: list,
      housingSituation: list,
      programs: list,
      barriers: list,
      barrierOther: text(300),
    })
    .default({
      extraBedrooms: '',
      marginalized: [],
      housingSituation: [],
      programs: [],
      barriers: [],
      barrierOther: '',
    }),
  consents: z
    .object({
      contactExperience: flag,
      shareInformation: flag,
      authorizeVerify: flag,
      emailContact: flag,
      emailRisk: flag,
    })
    .default({
      contactExperience: false,
      shareInformation: false,
      authorizeVerify: false,
      emailContact: false,
      emailRisk: false,
    }),
  declaration: flag,
  confirmComplete: flag,
  uploads: z
    .array(
      z.object({
        uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'invalid'),
        // The proof of holding it (the creation's Upload-Token): checked, never stored.
        uploadToken: z.string().max(128).default(''),
        group: z.enum(uploadGroups),
        name: z.string().min(1).max(255),
      }),
    )
    .max(40, 'too_many')
    .default([]),
});

export type ApplicationInput = z.input<typeof applicationInput>;
export type ApplicationForm = z.output<typeof applicationInput>;
