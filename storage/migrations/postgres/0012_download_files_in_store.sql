-- Generated downloads now live in the file store and `file_path` holds their key there
-- (`downloads/{user}/{task}.{ext}`). Tasks whose file was written to a local path by an earlier
-- version are offered for regeneration (status 5) instead of answering "not found".
UPDATE download_tasks
SET status = 5, error = '文件已迁移，请重新下载', file_path = '', file_size = 0
WHERE status IN (3, 4) AND file_path <> '' AND file_path NOT LIKE 'downloads/%';
