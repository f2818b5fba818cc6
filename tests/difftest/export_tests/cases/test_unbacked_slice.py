"""test_unbacked_slice: top-k over a score mask with torch._check'ed unbacked sizes and a dict input."""
import torch


class M(torch.nn.Module):
    def forward(self, scores, score_thr, topk: torch.Tensor, results=None):
        valid_mask = scores > score_thr
        scores = scores[valid_mask]
        valid_idxs = torch.nonzero(valid_mask).to(scores.device)

        num_topk = torch.minimum(topk, torch.tensor(valid_idxs.shape[0])).item()
        torch._check_is_size(num_topk)
        torch._check(scores.shape[0] >= num_topk)
        scores, idxs = scores.sort(descending=True)
        scores = scores[:num_topk]
        topk_idxs = valid_idxs[idxs[:num_topk]]
        keep_idxs, labels = topk_idxs.unbind(dim=1)

        return scores, labels, keep_idxs


model = M()
example_args = (
    torch.tensor([[0.1, 0.3, 0.2], [0.12, 0.7, 0.9], [0.02, 0.8, 0.08], [0.4, 0.1, 0.08]]),
    0.15,
    torch.tensor(4),
    dict(bbox_pred=torch.tensor([[0.2, 0.3], [0.4, 0.7], [0.1, 0.1], [0.5, 0.1]])),
)
