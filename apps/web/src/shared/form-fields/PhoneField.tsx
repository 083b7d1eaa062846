import { useState } from "react";
import { PhoneInput } from "react-international-phone";
import "react-international-phone/style.css";
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, PHONE_FLAGS, PREFERRED_PHONE_COUNTRIES } from "./phone-countries.ts";
import type { FieldProps } from "./types.ts";

/**
 * Spec §5 "Phone input": international, with a country dropdown (Russia first chosen). The value
 * is the number in E.164 (+79161234567), or "" while only the country's dial code is there.
 */
export function PhoneField({ id, value, onChange, placeholder, disabled, invalid, ariaLabel }: FieldProps<string>) {
  // The library keeps its own text (it shows the dial code of an empty field): it gets back what
  // it reported, and the form gets "" for a bare dial code.
  const [raw, setRaw] = useState(value);
  return (
    <PhoneInput
      defaultCountry={DEFAULT_PHONE_COUNTRY}
      countries={PHONE_COUNTRIES}
      preferredCountries={PREFERRED_PHONE_COUNTRIES}
      flags={PHONE_FLAGS}
      value={raw}
      disabled={disabled}
      placeholder={placeholder}
      onChange={(phone, { country }) => {
        setRaw(phone);
        onChange(phone === `+${country.dialCode}` ? "" : phone);
      }}
      inputProps={{ id, "aria-invalid": invalid || undefined, "aria-label": ariaLabel }}
    />
  );
}
