/**
 * POST /api/email-sources/{id}/test-rules (docs/behaviour/mail-intake.md#testing-rules): an editor's rules, saved or
 * not, tried on the last messages of the chosen mailbox. Nothing is stored or changed.
 */
import type { TestRulesRequest, TestRulesResult } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function testRules({ emailSourceId, ...request }: TestRulesRequest & { emailSourceId: number }) {
  return api.post<TestRulesResult>(`/api/email-sources/${emailSourceId}/test-rules`, request);
}

export function useTestRules() {
  return useMutation({ mutationFn: testRules });
}
