// The languages with a catalogue (web/i18n/<code>.json), each named in its
// own language, as the picker lists them. Adding a language: docs/i18n.md.
export const languages = [  // not for people: each name is its own language's, shown as is
    ['en', 'English'],  // not for people (named in its own language)
    ['fr', 'Français'],
    ['pt', 'Português'],
    ['es', 'Español'],
];

export const language_codes = languages.map(([code]) => code);

// The locale Intl is given for a language: Portuguese is written the
// European way here, so its plurals, numbers and dates are pt-PT's.
export function intl_locale(code) { return code === 'pt' ? 'pt-PT' : code; }  // not for people
