// Every scenario file under scenarios/, in a fixed order; each exports
// `scenarios`, a list of [name, async ({browser, base, artifacts}) => ...].
// A new topic gets its own file there, so parallel work does not collide.
import {scenarios as games} from './scenarios/games.mjs';
import {scenarios as computer} from './scenarios/computer.mjs';
import {scenarios as learn} from './scenarios/learn.mjs';
import {scenarios as play_state} from './scenarios/play_state.mjs';

export const scenarios = [...games, ...computer, ...learn, ...play_state];
