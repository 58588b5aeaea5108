import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { checkNothingCovered } from './occlusion';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** One readable paragraph per violation: rule, impact, help, and each element at fault. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\n\s*/g, ' ');
          return `    - ${JSON.stringify(node.target)}: ${summary}`;
        })
        .join('\n');
      return `  ${violation.id} (${String(violation.impact)}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

export interface CheckOptions {
  /**
   * axe rules not run, each with its reason at the call site; e.g. an open
   * React Aria combobox popup hides the rest of the page with aria-hidden
   * (ariaHideOutside) while the focus stays in its input.
   */
  skipRules?: readonly string[];
  /** Leaves out the occlusion check (support/occlusion.ts), e.g. for a page broken on purpose. */
  skipOcclusion?: boolean;
}

/**
 * Runs axe-core on the page as it is now (injected through the DevTools
 * protocol, so the page's CSP does not block it) and fails with a readable
 * list when a serious or critical violation is found. Returns all violations.
 */
export async function checkAccessibility(
  page: Page,
  screen: string,
  options: CheckOptions = {},
): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const skip = options.skipRules ?? [];
  const violations = (await page.evaluate(async (skipRules) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const rules = Object.fromEntries(skipRules.map((id) => [id, { enabled: false }]));
    const results = await axe.run(document, { resultTypes: ['violations'], rules });
    return results.violations;
  }, skip)) as AxeViolation[];
  const blocking = violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
  // Every screen the suite checks is also checked for covered controls (issue 31), at its size.
  if (options.skipOcclusion !== true) await checkNothingCovered(page, screen);
  if (blocking.length > 0) {
    throw new Error(
      `axe-core found ${blocking.length} serious or critical violation(s) on ${screen}:\n${formatViolations(blocking)}`,
    );
  }
  return violations;
}
