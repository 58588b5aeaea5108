export * from './calendar';
export * from './runs';
