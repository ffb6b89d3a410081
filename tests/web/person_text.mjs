// Finds text a person would read written straight into web/js, outside the
// catalogues (issue 44's check): string and template literals holding words
// of a sentence. A heuristic, not a parser: code words (keys such as
// game.resign, CSS classes and selectors, paths, URLs, message types) are
// told apart by their shape, a template literal counts by its text outside
// ${…}, and a line that must keep its English (the server's own sentences
// recognised in i18n/refusals.js) says so with the comment `// not for people`.
import fs from 'node:fs';

const literal = /(['`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
// A key (area.name), a message type (seek.accept), a single code word; a
// class list (several lower-case words) only where a class is given.
const code_words = /^([a-z0-9_-]+(\.[a-z0-9_$]+)+|[a-z0-9_-]+)$/;
const class_list = /^[a-z0-9_-]+( [a-z0-9_-]+)*$/;
const class_place = /(class(Name)?|cls|kind)\s*[:=,(]\s*\(?$|\?\s*$|classList\.\w+\($/;

// Keyboard keys' names (KeyboardEvent.key), not words.
const keys = /^(Escape|Enter|Tab|Home|End|PageUp|PageDown|Backspace|Delete|Arrow(Up|Down|Left|Right))$/;

// The text of a template literal outside its ${…} parts (nested ones too).
function outside_values(text, filler = ' ') {
    let out = text, before;
    do { before = out; out = out.replace(/\$\{[^{}]*\}/g, filler); } while (out !== before);
    return out;
}

export function person_text(file) {
    const found = [];
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/^\s*(import|export \{)/.test(line) || /\/\/ not for people/.test(line)) return;
        const code = line.replace(/^\s*\/\/.*$/, '').replace(/\s\/\/ .*$/, '');
        for (const m of code.matchAll(literal)) {
            const text = outside_values(m[2]).trim();
            if (/\$\{|\}/.test(text)) continue;  // a template cut by a nested one: not read here
            if (/^[#.[/]|^\.\.?\/|:\/\/|=/.test(text) || code_words.test(outside_values(m[2], 'x')) || keys.test(text)) continue;
            if (/^\S+$/.test(text) && /[/:]/.test(text)) continue;  // a MIME type, a scope
            const before = code.slice(Math.max(0, m.index - 16), m.index);
            if (class_list.test(outside_values(m[2]).replace(/ +/g, ' ').trim()) && (class_place.test(before) || /^[a-z0-9_-]+$/.test(text))) continue;
            const words = text.match(/[A-Za-zÀ-ÿ]{2,}/g) || [];
            if (words.length < 2 && !/^[A-Z][a-z]+[.!?…]?$|^[a-z]+…$/.test(text)) continue;
            if (words.length < 2 && /^[A-Z][a-z]+$/.test(text) && text.length < 4) continue;
            found.push(`${i + 1}: ${m[0]}`);
        }
    });
    return found;
}
