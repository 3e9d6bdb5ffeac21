export * from './api-routes.js';
export * from './constants.js';
export * from './devices.js';
export * from './events.js';
export * from './log.js';
export * from './masking.js';
export * from './wrapper.js';
export * from './entities/index.js';
