import { formatPhoneRu } from "@nadoy/contract/phone";
import { useRef, useState } from "react";
import { CountryPicker } from "./CountryPicker.tsx";
import { DEFAULT_PHONE_COUNTRY } from "./phone-countries.ts";
import { countryByIso2, countryOfText, phoneValueOf } from "./phone-text.ts";
import type { FieldProps } from "./types.ts";

/**
 * Spec §5 "Phone input": international, with a country dropdown (Russia first chosen). The number
 * is typed the usual way («8 916 123-45-67», «+7 (916) …», «916 123 45 67»); the value is its
 * stored form by the list's own rule (+79161234567), "" while empty or only a dial code.
 */
export function PhoneField({ id, value, onChange, placeholder, disabled, invalid, ariaLabel }: FieldProps<string>) {
  const [picked, setPicked] = useState(() => countryByIso2(DEFAULT_PHONE_COUNTRY));
  const [text, setText] = useState(() => formatPhoneRu(value));
  const input = useRef<HTMLInputElement>(null);
  const country = countryOfText(text, picked);

  return (
    <div className="nf-phone">
      <CountryPicker
        country={country}
        disabled={disabled}
        onPick={(next) => {
          setPicked(next);
          const start = `+${next.dialCode} `;
          setText(start);
          onChange("");
          input.current?.focus();
        }}
      />
      <input
        ref={input}
        id={id}
        className="nf-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={ariaLabel}
        onChange={(event) => {
          setText(event.target.value);
          onChange(phoneValueOf(event.target.value, countryOfText(event.target.value, picked)));
        }}
        onBlur={() => {
          const phone = phoneValueOf(text, country);
          // A Russian number read by the rule is shown the usual way; anything else stays as typed.
          if (/^\+7\d{10}$/.test(phone)) setText(formatPhoneRu(phone));
        }}
      />
    </div>
  );
}
