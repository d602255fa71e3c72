/**
 * The demo's business days (the default MCHWEB_TZ). A module of its own: a start that copies today's demo
 * (demo-template.ts) names the copy without loading the seed, whose chunk of the bundle is the app's.
 */
export const DEMO_TZ = 'Asia/Shanghai';
