// --- core/store: the page's state, declared in one place. ---

// The page's state. settled counts finished sorts and opens: tests wait for it to move, never for time.
export const state = { input: null, source: null, inputName: 'image.png', shownName: 'image.png', converted: false, opened: false, sample: null,
                       sorted: false, stale: false, running: false, pending: false, wanted: [], sortArgs: [], left: 0,
                       passes: 0, started: 0, settled: 0, opening: 0, reading: 0, files: {}, clip: null, animated: {},
                       recording: null, recorded: null, savingClip: false, savedClip: null, warmTimer: 0, warmLeft: -1,
                       notice: '' };  // notice: said after the next sort's time (what an open cut short)
