// One renderer per board shape (board_view.layout, the catalogue's `layout`),
// never per game: games that share a board share its renderer.
import {dark_squares8} from './dark_squares8.js';
import {squares7} from './squares7.js';
import {triangle_lattice} from './triangle_lattice.js';
import {pits2x6} from './pits2x6.js';

export const layouts = {dark_squares8, squares7, triangle_lattice, pits2x6};
