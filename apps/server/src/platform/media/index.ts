export { type MediaTools, mediaTools } from './binaries.ts';
export { EBUR128_FILTER, type Loudness, parseEbur128Summary } from './loudness.ts';
export { decodePeaks, PeaksAccumulator, type PeaksFile, POINTS_PER_SECOND } from './peaks.ts';
export { NotAudioError, type ProbeOptions, type ProbeResult, probeAudio, TooLongError } from './probe.ts';
export { MP3_BITRATE, outputRate, type ProcessAudioOptions, type ProcessedAudio, processAudioFile } from './process.ts';
export { runTool, ToolError, ToolTimeout } from './run.ts';
