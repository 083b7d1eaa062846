import { normalizePhone } from "@nadoy/contract/phone";
import { guessCountryByPartialPhoneNumber, type ParsedCountry, parseCountry } from "react-international-phone";
import { PHONE_COUNTRIES } from "./phone-countries.ts";

/**
 * The value a phone field reports for its text, by the contract's rule (the list's own): «8 916
 * 123-45-67» → «+79161234567»; digits typed without «+» for another country get its dial code;
 * "" for nothing or a bare dial code. A text the rule cannot read is reported as typed, so that
 * Send refuses it with the list's message.
 */
export function phoneValueOf(text: string, country: Pick<ParsedCountry, "dialCode">): string {
  const phone = normalizePhone(text.trim());
  if (phone === "" || phone === "+" || phone === `+${country.dialCode}`) return "";
  if (phone.startsWith("+") || country.dialCode === "7") return phone;
  return /^\d+$/.test(phone) ? `+${country.dialCode}${phone}` : phone;
}

/** The country a typed number belongs to by its dial code (the picked one when it shares it). */
export function countryOfText(text: string, picked: ParsedCountry): ParsedCountry {
  const phone = normalizePhone(text.trim());
  if (!phone.startsWith("+") || phone.length < 2) return picked;
  if (phone.startsWith(`+${picked.dialCode}`)) return picked;
  const guess = guessCountryByPartialPhoneNumber({
    phone,
    countries: PHONE_COUNTRIES,
    currentCountryIso2: picked.iso2,
  });
  return guess.country ?? picked;
}

export const parsedCountries: ParsedCountry[] = PHONE_COUNTRIES.map((c) => parseCountry(c));

export function countryByIso2(iso2: string): ParsedCountry {
  return parsedCountries.find((c) => c.iso2 === iso2) ?? (parsedCountries[0] as ParsedCountry);
}
