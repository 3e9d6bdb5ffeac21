export * from './facility.js';
export * from './units.js';
