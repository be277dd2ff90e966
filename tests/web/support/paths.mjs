// --- tests/web/support/paths: where the checks find the native program and the samples (the runner sets them). ---
export const paths = { native: '', assets: '' };
