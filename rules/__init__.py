"""scorepad's pure rules layer: models, bundled data, engines and scoring.

Nothing here reads user files, prints, or imports Click or a drawing library; the
command line (``scorepad``) and the drawing layer (``scorepad.sheets``) build on it.
"""
