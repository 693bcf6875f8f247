/**
 * What a scan feels like (ADR 0041): a wrong scan is told at once by a low double beep and a
 * vibration, a good one by a short high beep, so a picker need not look at the screen. WebAudio
 * makes the tone (no sound file to download); a device without it or without a vibrator stays
 * silent or still, the message on screen says the same.
 */
let audio: AudioContext | undefined;

function tone(frequency: number, startsAt: number, seconds: number) {
  const context = audio;
  if (!context) return;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.15;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + startsAt);
  oscillator.stop(context.currentTime + startsAt + seconds);
}

function ready(): boolean {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    return true;
  } catch {
    return false;
  }
}

/** Counts of each signal given, read by the browser tests (the sound itself cannot be heard there). */
export const signals = { good: 0, wrong: 0 };
(globalThis as { handheldSignals?: typeof signals }).handheldSignals = signals;

export function signalGood(): void {
  signals.good += 1;
  if (ready()) tone(1760, 0, 0.06);
}

export function signalWrong(): void {
  signals.wrong += 1;
  if (ready()) {
    tone(220, 0, 0.15);
    tone(220, 0.22, 0.15);
  }
  navigator.vibrate?.([200, 80, 200]);
}
