// Game sounds made with the Web Audio API (no audio files): a short tone or
// two per event. Muted or not is kept in localStorage. Every sound asked
// for is noted in `played` (what the page meant to play, muted or not), so
// the browser tests can see the events without hearing them.
const mute_key = 'kibitz.mute';

// [frequency Hz, start s, length s, wave] per tone.
const tunes = {
    move: [[520, 0, 0.07, 'triangle']],
    capture: [[330, 0, 0.06, 'square'], [220, 0.06, 0.09, 'square']],
    start: [[440, 0, 0.1, 'sine'], [660, 0.1, 0.14, 'sine']],
    end: [[660, 0, 0.12, 'sine'], [440, 0.12, 0.12, 'sine'], [330, 0.24, 0.2, 'sine']],
    low: [[880, 0, 0.08, 'sine'], [880, 0.16, 0.08, 'sine']],
    // Your move in a game that is not on screen: a rising call.
    turn: [[587, 0, 0.09, 'sine'], [784, 0.1, 0.09, 'sine'], [988, 0.2, 0.14, 'sine']],
};

let ctx = null;
export const played = [];

export function is_muted() { return localStorage.getItem(mute_key) === '1'; }
export function set_muted(on) { localStorage.setItem(mute_key, on ? '1' : '0'); }

// Browsers start audio only after a gesture: the first click or key resumes it.
function audio() {
    if (!ctx) {
        const Ctx = window.AudioContext || window.webkitAudioContext;
        if (!Ctx) return null;
        ctx = new Ctx();
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    return ctx;
}
for (const ev of ['pointerdown', 'keydown']) window.addEventListener(ev, () => { if (ctx) audio(); }, {passive: true});

export function play(kind) {
    const tune = tunes[kind];
    if (!tune) return;
    played.push({kind, muted: is_muted()});
    if (played.length > 100) played.shift();
    if (is_muted()) return;
    const ac = audio();
    if (!ac) return;
    const t0 = ac.currentTime + 0.01;
    for (const [freq, at, len, wave] of tune) {
        const osc = ac.createOscillator(), gain = ac.createGain();
        osc.type = wave;
        osc.frequency.value = freq;
        // A quick rise and an exponential fall: a click-free "tock".
        gain.gain.setValueAtTime(0.0001, t0 + at);
        gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
        osc.connect(gain).connect(ac.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + len + 0.02);
    }
}
