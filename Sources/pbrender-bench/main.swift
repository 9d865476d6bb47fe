print("pbrender-bench: not written yet")
