export { type Library, loadLibrary } from './load-library.js';
