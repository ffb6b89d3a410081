// One renderer per board_view layout.
import {checkers8} from './checkers8.js';
import {oferhlyp7} from './oferhlyp7.js';
import {opprimo} from './opprimo.js';
import {oware} from './oware.js';

export const layouts = {checkers8, oferhlyp7, opprimo, oware};
