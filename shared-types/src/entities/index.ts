export * from './facility.js';
export * from './units.js';
export * from './insurance.js';
export * from './reservations.js';
export * from './map.js';
