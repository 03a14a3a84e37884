// Only the Canadian half of the zipcodes package is ever imported (the US data is 5 MB).
declare module 'zipcodes/lib/codesCanada.js' {
  export interface ZipcodeRecord {
    zip: string;
    latitude: number | null;
    longitude: number | null;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipcodeRecord>;
}
