// The challenge bar over the instrument on screen, and the Verify page in its place, wired to
// the address and the verify worker (app/challenge.ts).
import { ChallengeBar } from '../views/verify/ChallengeBar.tsx';
import { VerifyPage } from '../views/verify/VerifyPage.tsx';
import { checkAttempt, closeVerifyPage, leaveChallenge, shareLink, useChallenges } from './challenge.ts';

export function ChallengeLayer() {
  const active = useChallenges((s) => s.active);
  if (!active) return null;
  return <ChallengeBar key={`${active.info.id}:${active.seed}`} info={active.info} shared={active.shared} check={checkAttempt} shareLink={shareLink} onLeave={leaveChallenge} />;
}

export function VerifyLayer({ initial, onBack }: { initial: string; onBack(): void }) {
  const problem = useChallenges((s) => s.problem);
  const back = () => {
    closeVerifyPage();
    // The instrument's own place (the address follows it again once it is shown).
    history.replaceState(history.state, '', location.pathname + location.search);
    onBack();
  };
  return (
    <>
      {problem && <p role="alert" className="bg-red-50 p-2 text-[13px] text-red-900">{problem}</p>}
      <VerifyPage initial={initial} onBack={back} />
    </>
  );
}
