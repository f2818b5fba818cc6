"""entmax: BudgetBisect (entmax.root_finding), defaults, eval mode."""
import torch
from entmax import BudgetBisect

model = BudgetBisect().eval()
example_args = (torch.randn(2, 3, 32, 32),)
