# One image for the bot and the Mini App; docker-compose picks the command.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY games ./games
COPY ops ./ops
COPY tables ./tables
COPY telegram_bot ./telegram_bot
COPY webapp ./webapp
COPY translations ./translations
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 player
USER player

CMD ["python", "-m", "telegram_bot"]
