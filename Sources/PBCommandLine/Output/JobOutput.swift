import PBJob

/// Where the command line puts a job's bytes, for every command and format: standard output
/// (`-o -`; refused on a terminal unless the format is text or `--force` is given), a file
/// replaced atomically (``OutputFile``), or numbered frames staged and committed together
/// (``OutputBatch``); then the job's warnings, once what they are about is written (a run that
/// fails prints its error alone), and "wrote NAME" when the name was the default.
enum JobOutput {
    /// Renders `job` and writes it where its options say.
    ///
    /// - Throws: the job's errors; a usage error for an image to a terminal; the file's errors.
    static func write(_ job: RenderJob, context: CommandContext) throws(CommandLineError) {
        try writeImage(job, context: context)
        for warning in job.warnings { context.writeError("pbrender: warning: \(warning)\n") }
        if job.isDefaultOutput { context.writeError("pbrender: wrote \(job.output)\n") }
    }

    /// Renders `job` and writes it: frames, standard output or a file.
    private static func writeImage(_ job: RenderJob, context: CommandContext) throws(CommandLineError) {
        switch job.content {
        case .animation, .frames: AllocatorPages.keep()
        case .scene: break
        }
        if case .frames(let frames) = job.content {
            return try writeFrames(of: job, count: frames.count, pattern: FramePattern(job.output), context: context)
        }
        if job.output == "-" {
            let format = job.format
            guard job.force || format.isText || !context.outputIsTerminal else {
                throw .usage(
                    "standard output is a terminal: redirect it (> file.\(format.fileExtension)) or give \(option: "force") to write the \(format.displayName) there"
                )
            }
            return try context.writeOutput(job.render().bytes)
        }
        let image = try job.render()
        do throws(FileError) {
            try OutputFile.write(image.bytes, to: job.output, durable: job.isDurable)
        } catch {
            throw CommandLineError(error)
        }
    }

    /// Renders and writes every frame; at the first failure, stops and removes what it staged,
    /// leaving every existing file as it was, and the error names the frame. On a terminal,
    /// standard error shows how many frames are done.
    private static func writeFrames(
        of job: RenderJob, count: Int, pattern: FramePattern, context: CommandContext
    ) throws(CommandLineError) {
        let batch: OutputBatch
        do throws(FileError) {
            batch = try OutputBatch(count: count, flushesFrames: job.isDurable, fileName: { pattern.fileName($0) })
        } catch {
            throw CommandLineError(error)
        }
        do {
            try job.render { index, bytes throws(CommandLineError) in
                do throws(FileError) {
                    try batch.write(bytes, frame: index)
                } catch {
                    throw CommandLineError(error)
                }
                let finished = index + 1
                if context.errorIsTerminal && (finished % 10 == 0 || finished == count) {
                    context.writeError("\rpbrender: frame \(finished)/\(count)")
                }
            }
        } catch {
            if context.errorIsTerminal { context.writeError("\n") }
            batch.discard()
            throw error
        }
        if context.errorIsTerminal { context.writeError("\n") }
        do throws(FileError) {
            try batch.commit()
        } catch {
            throw CommandLineError(error)
        }
    }
}
