// zipcodes ships no types; the part the service uses.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipInfo | undefined;
    codes: Record<string, ZipInfo>;
  };
  export default zipcodes;
}
