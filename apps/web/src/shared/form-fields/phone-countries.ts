import { type CountryData, type CustomFlagImage, defaultCountries, parseCountry } from "react-international-phone";

/**
 * The phone field's countries with Russian names (the browser's own region names), sorted for a
 * Russian reader, and their flags from our own origin (public/flags/<iso2>.svg): the library's
 * default loads them from a CDN, which the form must never ask (STACK.md).
 */
function russianCountries(): CountryData[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(["ru"], { type: "region" });
  } catch {
    names = null;
  }
  const renamed = defaultCountries.map((country): CountryData => {
    const iso2 = parseCountry(country).iso2;
    const name = names?.of(iso2.toUpperCase()) ?? country[0];
    return [name, ...country.slice(1)] as CountryData;
  });
  return renamed.sort((a, b) => a[0].localeCompare(b[0], "ru"));
}

export const PHONE_COUNTRIES: CountryData[] = russianCountries();

export const PHONE_FLAGS: CustomFlagImage[] = defaultCountries.map((country) => {
  const iso2 = parseCountry(country).iso2;
  return { iso2, src: `${import.meta.env.BASE_URL}flags/${iso2}.svg` };
});

export const DEFAULT_PHONE_COUNTRY = "ru";

/** Listed first, above a divider. */
export const PREFERRED_PHONE_COUNTRIES = ["ru", "by", "kz"];
