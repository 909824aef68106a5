import type { ProfileField } from '@atk/contract';

/** The labels of the profile form, one per field of the profile (also what browser tests look for). */
export const PROFILE_LABELS: Record<ProfileField, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  company_name: 'Company Name',
  company_website: 'Company Website',
  company_phone: 'Company Phone',
  phone: 'Phone',
  brand_name: 'Brand Name',
  brand_website: 'Brand Website',
  address_line_1: 'Address Line 1',
  address_line_2: 'Address Line 2',
  city: 'City',
  state_province_region: 'State / Province / Region',
  postal_code: 'Postal Code',
  country: 'Country',
};

/** How the form groups the fields. */
export const PROFILE_SECTIONS: { title: string; fields: ProfileField[] }[] = [
  { title: 'About you', fields: ['first_name', 'last_name', 'phone'] },
  { title: 'Company', fields: ['company_name', 'company_website', 'company_phone'] },
  { title: 'Brand', fields: ['brand_name', 'brand_website'] },
  {
    title: 'Address',
    fields: ['address_line_1', 'address_line_2', 'city', 'state_province_region', 'postal_code', 'country'],
  },
];

/**
 * The profile fields, in spec order. Taken from the typed label map (which must name every `ProfileField`)
 * rather than the contract's runtime list, so this chunk does not pull in the contract's zod schemas.
 */
export const PROFILE_FIELD_LIST = Object.keys(PROFILE_LABELS) as ProfileField[];
