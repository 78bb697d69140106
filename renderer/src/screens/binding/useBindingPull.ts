import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PullRecord, VerbInput } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { workspaceKeys } from '../../features/workspace/workspaceQueries.js';
import type { BindingRequest } from './bindingForm.js';

/** The `workspace:pullBinding` input of a {@link BindingRequest}: dataset, UTC window, threshold ($/MWh) and limit. */
export function pullBindingInput(request: BindingRequest): VerbInput<'workspace:pullBinding'> {
  return {
    datasetId: request.choice.datasetId,
    startTime: request.choice.start,
    endTime: request.choice.end,
    ...(request.threshold !== null ? { priceThreshold: request.threshold } : {}),
    limit: request.limit,
  };
}

/**
 * Starts a binding pull into the workspace (`workspace:pullBinding`); the new record is cached so the page shows it
 * before the first `workspace:pulls` poll, and the history lists are refreshed.
 */
export function useStartBindingPull() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BindingRequest) => callBridge(api, 'workspace:pullBinding', pullBindingInput(request)),
    onSuccess: (record: PullRecord) => {
      queryClient.setQueryData(workspaceKeys.pull(record.id), record);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.allPulls });
    },
  });
}
