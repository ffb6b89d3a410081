// Words a message from a catalogue (pure: no DOM, no fetch; tested by
// tests/web/i18n.test.mjs). A catalogue is a flat object key -> entry; an
// entry is a string with named placeholders ("{name} wins"), or, for a
// message that depends on a count, an object keyed by the CLDR plural
// categories of its language ({"one": "…", "other": "…"}), chosen with the
// browser's Intl.PluralRules: no plural table is copied here.

const placeholder = /\{(\w+)\}/g;

// The names of the placeholders in a text, sorted and without repeats.
export function placeholders(text) {
    return [...new Set([...String(text).matchAll(placeholder)].map((m) => m[1]))].sort();
}

// The plural category of `count` in `lang` ("one", "few", "many", "other"…).
export function plural_category(lang, count) {
    return new Intl.PluralRules(lang).select(count);
}

// A translator for one language: t(key, vars) looks the key up in `catalogue`,
// then in `fallback` (English), and as a last resort shows the key itself (a
// missing translation is visible, never a blank). Numbers put in a message are
// written the language's way (1 234,5 in French).
export function translator(lang, catalogue, fallback = {}) {
    const numbers = new Intl.NumberFormat(lang);
    const word = (v) => (typeof v === 'number' ? numbers.format(v) : String(v));
    return function t(key, vars = {}) {
        let entry = catalogue[key], in_lang = lang;
        if (entry === undefined) { entry = fallback[key]; in_lang = 'en'; }
        if (entry === undefined) return key;
        if (typeof entry === 'object') {
            const n = Number(vars.count ?? 0);
            entry = entry[plural_category(in_lang, n)] ?? entry.other;
        }
        return entry.replace(placeholder, (all, name) => (name in vars ? word(vars[name]) : all));
    };
}
