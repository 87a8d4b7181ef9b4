// currency-codes ships no types; its data file is the ISO 4217 list as an array.
declare module "currency-codes/data.js" {
  const data: ReadonlyArray<{ code: string; number: string; digits: number; currency: string; countries: string[] }>;
  export default data;
}
