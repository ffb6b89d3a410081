// What the tab shows when the player's move is awaited in any of their games
// (net/your_turn.js says which): the title starts with a marker and the
// favicon gets a red dot; both revert when no game waits. Pages keep setting
// document.title as they like: the marker is put back in front of whatever
// they set. The game page's own "Your move · …" title (about the game on
// screen) gets no second marker. Runs on the page's thread.
import {t} from '../i18n/i18n.js';

// The marker: "● Your move — " in English.
const marker = () => `● ${t('game.your_move')} — `;
const turn_icon = 'favicon-turn.svg';

export class turn_marker {
    constructor() {
        this.on_ = false;
        this.icons_ = [...document.querySelectorAll('link[rel="icon"]')].map((l) => [l, l.getAttribute('href')]);
        // A page that sets its title undoes the marker: put it back.
        const title = document.querySelector('title');
        if (title) new MutationObserver(() => this.title_()).observe(title, {childList: true, characterData: true, subtree: true});
    }

    show(on) {
        if (on === this.on_) return;
        this.on_ = on;
        for (const [link, href] of this.icons_) link.setAttribute('href', on ? turn_icon : href);
        this.title_();
    }

    title_() {
        const now = document.title;
        // Any language's marker comes off (the language may have changed since).
        const base = now.replace(/^● [^—]* — /, '');
        const want = this.on_ && !base.startsWith(t('game.your_move')) ? marker() + base : base;
        if (want !== now) document.title = want;
    }
}
