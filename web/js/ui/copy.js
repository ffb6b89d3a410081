// A Copy button's action: the text to the clipboard, the button saying so
// (or, without a button, the answer true when it was copied).
import {toast} from './dom.js';

export async function copy_text(text, button) {
    try {
        await navigator.clipboard.writeText(text);
        if (button) button.textContent = 'Copied';
        return true;
    } catch {
        toast('Copy the link from the box: this browser did not allow it.', 'error');
        return false;
    }
}
