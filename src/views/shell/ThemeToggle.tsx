// The colour-theme switch in every instrument's header: one button that cycles system → light →
// dark, remembered in this browser (views/kit/theme.ts). Its name says the choice and what the
// next press does, so the cycle is never a guess.
import { Icon } from '../kit/Icon.tsx';
import { THEME_CHOICES, setThemeChoice, useTheme, useThemeChoice, type ThemeChoice } from '../kit/theme.ts';

const NAME: Record<ThemeChoice, string> = { system: 'system', light: 'light', dark: 'dark' };

export function ThemeToggle() {
  const choice = useThemeChoice();
  const theme = useTheme();
  const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length];
  const now = choice === 'system' ? `system (${theme})` : NAME[choice];
  return (
    <button type="button" data-testid="theme-toggle" data-choice={choice} data-theme-now={theme}
      onClick={() => setThemeChoice(next)} aria-label={`Colour theme: ${now}. Switch to ${NAME[next]}`} title={`Theme: ${now} — click for ${NAME[next]}`}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-slate-400 bg-white text-slate-800 hover:bg-slate-100">
      <Icon kind={choice} />
    </button>
  );
}
