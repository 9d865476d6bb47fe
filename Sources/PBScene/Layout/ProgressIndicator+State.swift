extension ProgressIndicator {
    /// Sets the progress from its facts, one source for the stroke and the label: ``values``
    /// become the state's fraction (or the indicator turns indeterminate when the state has
    /// none, as a download without a length), and the label, if any, takes the state's facts
    /// (bytes, steps, phases, time left).
    ///
    /// ```swift
    /// var indicator = ProgressIndicator(shape: .bar)
    /// indicator.label = ProgressLabel(template: try LabelTemplate(parsing: "{bytes} of {totalBytes}"))
    /// indicator.setProgress(try ProgressState(bytesReceived: 3_145_728, bytesExpected: 10_485_760))
    /// // The bar is at 0.3, and the label reads the same bytes.
    /// ```
    ///
    /// A label's fraction always follows the scene's progress (so a label counts up with an
    /// animation); set the progress through this method, not ``progress`` and the label's state
    /// apart, and the two cannot disagree.
    public mutating func setProgress(_ state: ProgressState) {
        if let fraction = state.fraction {
            values = [fraction]
            isIndeterminate = false
        } else {
            isIndeterminate = true
        }
        label?.state = state
    }
}
