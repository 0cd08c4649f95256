// Imported once by the entry point: tokens first, then the base rules that use them.
import './tokens.css';
import './global.css';
