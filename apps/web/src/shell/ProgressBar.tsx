import { type AnimationEvent, useEffect, useState } from 'react';
import { useProgress } from './progress.ts';

type Phase = 'idle' | 'running' | 'finishing';

/**
 * The thin bar along the top of the page while calls run (spec 01 §8), in the chosen colour:
 * it creeps towards 90 % while any call is under way, then fills and fades once the last ends.
 */
export function ProgressBar() {
  const busy = useProgress((s) => s.pending > 0);
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => {
    if (busy) setPhase('running');
    else setPhase((current) => (current === 'running' ? 'finishing' : current));
  }, [busy]);
  if (phase === 'idle') return null;
  const finished = (event: AnimationEvent) => {
    if (event.animationName === 'bl-progress-finish') setPhase('idle');
  };
  return (
    <div className="bl-progress" data-testid="progress-bar" data-phase={phase} aria-hidden="true">
      <div className={`bl-progress-bar bl-progress-${phase}`} onAnimationEnd={finished} />
    </div>
  );
}
