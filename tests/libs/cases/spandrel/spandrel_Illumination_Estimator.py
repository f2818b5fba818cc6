"""spandrel: Illumination_Estimator (spandrel.architectures.RetinexFormer.__arch.retinexformer_arch), small configuration, eval mode."""
import torch
from spandrel.architectures.RetinexFormer.__arch.retinexformer_arch import Illumination_Estimator

model = Illumination_Estimator(n_fea_middle=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
