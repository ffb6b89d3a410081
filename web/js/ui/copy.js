// A Copy button's action: the text to the clipboard, the button saying so
// (or, without a button, the answer true when it was copied).
import {toast} from './dom.js';
import {t} from '../i18n/i18n.js';

export async function copy_text(text, button) {
    try {
        await navigator.clipboard.writeText(text);
        if (button) button.textContent = t('lobby.copied');
        return true;
    } catch {
        toast(t('lobby.copy_refused'), 'error');
        return false;
    }
}
