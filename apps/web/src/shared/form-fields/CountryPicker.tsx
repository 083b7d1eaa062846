import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import type { ParsedCountry } from "react-international-phone";
import { PHONE_FLAGS, PREFERRED_PHONE_COUNTRIES } from "./phone-countries.ts";
import { parsedCountries } from "./phone-text.ts";

const flagOf = (iso2: string) => PHONE_FLAGS.find((f) => f.iso2 === iso2)?.src;

/**
 * The countries matching a search: a word of the Russian name starting with it («Каз» → Казахстан,
 * «рес» → Доминиканская Республика), names starting with it first; or the start of the dial code.
 */
function searchCountries(query: string): ParsedCountry[] {
  const text = query.trim().toLocaleLowerCase("ru");
  if (text === "") {
    const preferred = PREFERRED_PHONE_COUNTRIES.flatMap((iso2) => parsedCountries.filter((c) => c.iso2 === iso2));
    return [...preferred, ...parsedCountries.filter((c) => !PREFERRED_PHONE_COUNTRIES.includes(c.iso2))];
  }
  const digits = text.replace(/\D/g, "");
  const byDialCode = /^\+?\d+$/.test(text);
  const nameOf = (c: ParsedCountry) => c.name.toLocaleLowerCase("ru");
  const wordStarts = (c: ParsedCountry) =>
    nameOf(c)
      .split(/[\s-]+/)
      .some((word) => word.startsWith(text));
  const found = parsedCountries.filter((c) => (byDialCode ? c.dialCode.startsWith(digits) : wordStarts(c)));
  const first = (c: ParsedCountry) => (byDialCode ? c.dialCode === digits : nameOf(c).startsWith(text));
  return [...found.filter(first), ...found.filter((c) => !first(c))];
}

interface CountryPickerProps {
  country: ParsedCountry;
  onPick: (country: ParsedCountry) => void;
  disabled?: boolean;
}

/**
 * The phone field's country button and its list with a search box: typing goes into the search
 * (Cyrillic too) and nowhere else, arrows move, Enter picks, Esc closes. Labels in Russian.
 */
export function CountryPicker({ country, onPick, disabled }: CountryPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const found = useMemo(() => searchCountries(query), [query]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    setQuery("");
    setActive(0);
    if (focusButton) button.current?.focus();
  };
  const pick = (picked: ParsedCountry | undefined) => {
    if (!picked) return;
    close(false);
    onPick(picked);
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Nothing typed here reaches the form (no Enter submit, no key handled twice).
    event.stopPropagation();
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(found.length - 1, 0)));
    } else if (event.key === "Enter") {
      event.preventDefault();
      pick(found[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <div className="nf-country">
      <button
        ref={button}
        type="button"
        className="nf-country-button"
        disabled={disabled}
        aria-label={`Страна: ${country.name}, +${country.dialCode}. Выбрать страну`}
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <img src={flagOf(country.iso2)} alt="" width={24} height={24} />
        <span className="nf-country-arrow" aria-hidden="true" />
      </button>
      {open && (
        <div className="nf-country-popup">
          <input
            // The search gets the keyboard as soon as the list opens.
            // biome-ignore lint/a11y/noAutofocus: the popup was opened to search in it
            autoFocus
            className="nf-input nf-country-search"
            type="search"
            role="combobox"
            aria-label="Поиск страны"
            aria-controls={listId}
            aria-expanded="true"
            aria-activedescendant={found[active] ? `${listId}-${found[active].iso2}` : undefined}
            placeholder="Найти страну"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            onBlur={(event) => {
              // Leaving the search for anything but the button (which toggles the list itself) closes it.
              if (event.relatedTarget !== button.current) close(false);
            }}
          />
          <div id={listId} className="nf-country-list" role="listbox" aria-label="Страны">
            {found.map((c, index) => (
              <div
                key={c.iso2}
                id={`${listId}-${c.iso2}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`nf-country-option${c.iso2 === country.iso2 ? " nf-country-current" : ""}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(c)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    pick(c);
                  }
                }}
              >
                <img src={flagOf(c.iso2)} alt="" width={20} height={20} />
                <span className="nf-country-name">{c.name}</span>
                <span className="nf-country-code">+{c.dialCode}</span>
              </div>
            ))}
            {found.length === 0 && <div className="nf-country-empty">Ничего не найдено</div>}
          </div>
        </div>
      )}
    </div>
  );
}
